extension RandomAccessCollection {
  /// The index of the first element for which `isInSecondPartition` is true,
  /// or `endIndex` if there is none: the package's one binary search.
  ///
  /// The collection must be partitioned by the predicate — every element for
  /// which it is false comes before every element for which it is true — as
  /// a sorted array is by "is greater than x" or "is at least x" (the name
  /// and contract are swift-algorithms' `partitioningIndex(where:)`).
  ///
  /// ```swift
  /// [0, 3, 3, 7].partitioningIndex { $0 >= 3 }   // 1, the lower bound of 3
  /// [0, 3, 3, 7].partitioningIndex { $0 > 3 }    // 3, the upper bound of 3
  /// [0, 3, 3, 7].partitioningIndex { $0 > 9 }    // 4, endIndex
  /// ```
  ///
  /// - Complexity: O(log n) evaluations of the predicate, n the count.
  @inlinable
  package func partitioningIndex(
    where isInSecondPartition: (Element) throws -> Bool
  ) rethrows -> Index {
    var low = startIndex
    var n = count
    while n > 0 {
      let half = n / 2
      let middle = index(low, offsetBy: half)
      if try isInSecondPartition(self[middle]) {
        n = half
      } else {
        low = index(after: middle)
        n -= half + 1
      }
    }
    return low
  }

  /// The index of the last element for which `isInFirstPartition` is true,
  /// or `startIndex` if there is none (and for an empty collection): for a
  /// sorted array of starts, the index of the piece that holds an offset.
  ///
  /// The collection must be partitioned as `partitioningIndex(where:)`
  /// requires, with the elements for which `isInFirstPartition` is true first.
  ///
  /// ```swift
  /// let starts = [0, 4, 9]
  /// starts.lastIndexOfFirstPartition { $0 <= 5 }   // 1: offset 5 is in the piece at 4
  /// starts.lastIndexOfFirstPartition { $0 <= -1 }  // 0, startIndex
  /// ```
  ///
  /// - Complexity: O(log n) evaluations of the predicate, n the count.
  @inlinable
  package func lastIndexOfFirstPartition(
    where isInFirstPartition: (Element) throws -> Bool
  ) rethrows -> Index {
    let end = try partitioningIndex { try !isInFirstPartition($0) }
    return end == startIndex ? startIndex : index(before: end)
  }
}
